// Runs the CLI from its sources (`node --conditions=source --import tsx src/main.ts`), as
// bin/pasteport.js runs the build.
import { main } from './index.js';

process.exitCode = await main(process.argv.slice(2));
