// Preloaded (`node --import`) into a child ESLint process: on exit, writes what the process used
// (peak resident memory, CPU time) to the file named by SCHEMA_CONTRACT_USAGE_FILE. A process
// killed for memory or time never writes it, and the test says so.
import { writeFileSync } from 'node:fs';

const target = process.env.SCHEMA_CONTRACT_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKb: usage.maxRSS, cpuMicros: usage.userCPUTime + usage.systemCPUTime }));
  });
}
