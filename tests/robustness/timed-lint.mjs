// Run in a child process: lints files through ESLint's Node API with the config file given, and
// prints the CPU time of the lint alone (the process's start-up excluded), the peak resident
// memory and the messages. CPU time, not wall-clock time: on a shared machine the clock counts
// the other processes too, the CPU time of this one barely changes.
//
//   node timed-lint.mjs <cwd> <config file> <file> [file…]
import { ESLint } from 'eslint';

const [cwd, overrideConfigFile, ...files] = process.argv.slice(2);
const eslint = new ESLint({ cwd, overrideConfigFile });
const before = process.cpuUsage();
const results = await eslint.lintFiles(files);
const cpu = process.cpuUsage(before);
process.stdout.write(
  JSON.stringify({
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssKb: process.resourceUsage().maxRSS,
    messages: results.flatMap((result) => result.messages.map(({ ruleId, messageId, line, fatal, message }) => ({ file: result.filePath, ruleId, messageId, line, fatal, message }))),
  }),
);
