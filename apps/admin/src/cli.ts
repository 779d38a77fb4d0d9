import 'reflect-metadata';
import { runCli } from './cli/run-cli';

void runCli(process.argv.slice(2)).then((code) => process.exit(code));
