// Preloaded (node --import) into each run bench pair starts: at exit, the process's CPU time
// (every thread: getrusage) and its life, written to BENCH_PAIR_CPU_FILE, for the runs whose
// result states no CPU of its own (battle: autocannon in the main thread).
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PAIR_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.cpuUsage();
    try {
      writeFileSync(
        file,
        JSON.stringify({ cpuS: (u.user + u.system) / 1e6, wallS: process.uptime() }),
      );
    } catch {}
  });
}
