#!/usr/bin/env node
// The compiled CLI; `npm run build -w @pasteport/cli` writes dist/.
import { main } from '../dist/index.js';

process.exitCode = await main(process.argv.slice(2));
