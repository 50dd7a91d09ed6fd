#!/usr/bin/env node
// The published entry point: the CLI itself is compiled TypeScript under dist/.
import { run } from '../dist/src/cli/schema-contract.js';

process.exitCode = await run(process.argv.slice(2));
