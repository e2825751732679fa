#!/usr/bin/env bash
# The PHP peer of `bench battle --peer php`: Apache httpd prefork with mod_php 8.2 (Debian's
# packages, installed when missing), on a private port, with its own config, pid file, logs and
# document root in a temporary directory (never the system's Apache). Two pages:
#   /canned.php          a canned 198-byte JSON answer (the limit of this HTTP stack)
#   /battle.php?seed=N   the standard battle fought in PHP (battle-server's rules and hash)
# Runs in the foreground; Ctrl-C or SIGTERM stops Apache and removes the directory.
#
#   bench/peers/php/start.sh [--port 8090] [--workers 150]
#
# --workers is MaxRequestWorkers (prefork: processes; Debian's default 150), also
# PHP_PEER_WORKERS. When Apache accepts connections it prints one line:
#   php peer: http://127.0.0.1:<port>/ apache pid <pid> dir <dir>
set -euo pipefail

port=${PHP_PEER_PORT:-8090}
workers=${PHP_PEER_WORKERS:-150}
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=${2:?--port needs a value}; shift 2 ;;
    --workers) workers=${2:?--workers needs a value}; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "start.sh: unknown argument $1 (--port N, --workers N)" >&2; exit 2 ;;
  esac
done
case "$port" in ''|*[!0-9]*) echo "start.sh: --port must be a number (got $port)" >&2; exit 2 ;; esac
case "$workers" in ''|*[!0-9]*|0) echo "start.sh: --workers must be a positive number (got $workers)" >&2; exit 2 ;; esac

modules=/usr/lib/apache2/modules
if [ ! -x /usr/sbin/apache2 ] || [ ! -f "$modules/libphp8.2.so" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "start.sh: Apache httpd with mod_php 8.2 is not installed; install it as root: apt-get install apache2 libapache2-mod-php (Debian 12)" >&2
    exit 3
  fi
  echo "installing apache2 and libapache2-mod-php (Debian packages)..." >&2
  # RUNLEVEL=1: the packages' scripts do not start the system's Apache.
  DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y --no-install-recommends \
    apache2 libapache2-mod-php >&2
  [ -f "$modules/libphp8.2.so" ] || { echo "start.sh: mod_php 8.2 is missing after the install" >&2; exit 3; }
fi

here=$(cd "$(dirname "$0")" && pwd)
base=${TMPDIR:-/tmp}
# Started as root, Apache's children run as www-data, which must reach the pages through every
# directory above them: a private temp directory (mode 0700, as `mktemp -d` makes one, and as
# CI's is) is not searchable by others, so the pages then go under /tmp.
if [ "$(id -u)" = 0 ] && [ -z "$(find "$base" -maxdepth 0 -perm -o=x)" ]; then base=/tmp; fi
dir=$(mktemp -d "$base/php-peer.XXXXXX")
cleanup() { rm -rf "$dir"; }
trap cleanup EXIT
cp -r "$here/htdocs" "$dir/htdocs"
# The children run as www-data when started as root: they must read the pages.
chmod -R a+rX "$dir"
user_lines=""
if [ "$(id -u)" = 0 ]; then user_lines=$'User www-data\nGroup www-data'; fi

cat >"$dir/httpd.conf" <<CONF
ServerName 127.0.0.1
Listen 127.0.0.1:$port
PidFile $dir/httpd.pid
DefaultRuntimeDir $dir
Mutex file:$dir default
ErrorLog $dir/error.log
LogLevel warn
$user_lines
LoadModule mpm_prefork_module $modules/mod_mpm_prefork.so
LoadModule authz_core_module $modules/mod_authz_core.so
LoadModule php_module $modules/libphp8.2.so
# Debian's prefork settings (mpm_prefork.conf), MaxRequestWorkers from --workers.
StartServers 5
MinSpareServers 5
MaxSpareServers 10
ServerLimit $(( workers > 256 ? workers : 256 ))
MaxRequestWorkers $workers
MaxConnectionsPerChild 0
KeepAlive On
MaxKeepAliveRequests 100
KeepAliveTimeout 5
Timeout 300
DocumentRoot $dir/htdocs
<Directory />
  Require all denied
  AllowOverride None
</Directory>
<Directory $dir/htdocs>
  Require all granted
</Directory>
<Directory $dir/htdocs/lib>
  Require all denied
</Directory>
<FilesMatch "\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
CONF

# In its own process group: on shutdown Apache signals its whole group (killpg), which must
# not reach whoever started this script.
set -m
/usr/sbin/apache2 -f "$dir/httpd.conf" -DFOREGROUND &
apache=$!
set +m
stop() { kill -TERM "$apache" 2>/dev/null || true; }
trap stop INT TERM
# Ready when the port accepts a connection (or Apache has exited with its error).
until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  if ! kill -0 "$apache" 2>/dev/null; then
    wait "$apache" || true
    echo "start.sh: Apache did not start:" >&2
    cat "$dir/error.log" >&2 || true
    exit 1
  fi
  sleep 0.1
done
echo "php peer: http://127.0.0.1:$port/ apache pid $apache dir $dir"
# Until Apache exits (a signal to this script stops it first); an orphaned script (whoever
# started it has gone without stopping it) stops Apache too.
parent=$PPID
while kill -0 "$apache" 2>/dev/null; do
  # This script's parent now (field 4 of /proc/self/stat): another one once it is reparented.
  read -r _ _ _ now _ </proc/$$/stat
  if [ "$parent" != 1 ] && [ "$now" != "$parent" ]; then stop; fi
  sleep 0.5 &
  wait $! || true
done
wait "$apache" 2>/dev/null || true
