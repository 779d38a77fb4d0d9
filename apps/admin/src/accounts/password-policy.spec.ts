import { passwordProblem } from './password-policy';

describe('passwordProblem (length, then @zxcvbn-ts strength score ≥ 3)', () => {
  it.each([
    ['short', /at least 12/],
    [' '.repeat(12), /too weak/],
    ['            x', /too weak/],
    ['password1234', /too weak/],
    ['aaaaaaaaaaaa', /too weak/],
    ['qwertyuiop12', /too weak/],
    ['123456789012', /too weak/],
    ['correcthorsebatterystaple', /too common/],
    ['vigilvigil12', /too weak/],
    ['x'.repeat(257), /at most 256/],
  ])('%j is refused', (password, why) => {
    expect(passwordProblem(password)).toMatch(why);
  });

  it.each(['Vigil-Qm8x2LzR0pTt-pw', 'tangerine kettle orbit mosaic', 'u7#Kp2$wQ9!mZ4vb'])('%j is accepted', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it('counts the account email as guessable', () => {
    expect(passwordProblem('margaret.hamilton1969', 'margaret.hamilton@example.org')).toMatch(/email name/);
  });
});
