import { CLI_COMMANDS } from './cli-commands';
import { CLI_USAGE, cliHelp } from './cli-usage.text';

describe('operator CLI command table', () => {
  it('has a runner for exactly the commands the help lists, in the same order', () => {
    expect(Object.keys(CLI_COMMANDS)).toEqual(Object.keys(CLI_USAGE));
  });

  it('starts every usage line with its command name', () => {
    for (const [name, usage] of Object.entries(CLI_USAGE)) expect(usage.startsWith(name)).toBe(true);
  });

  it('prints every usage line in the help', () => {
    const help = cliHelp();
    for (const usage of Object.values(CLI_USAGE)) expect(help).toContain(`  ${usage}`);
  });
});
