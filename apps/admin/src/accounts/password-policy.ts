/** A small list of passwords that are common despite being ≥ 12 characters. */
const COMMON = new Set([
  'password1234', 'password12345', 'password123456', '123456789012', '1234567890123', 'qwertyuiop12', 'qwerty123456',
  'iloveyou1234', 'letmein12345', 'administrator', 'welcome12345', 'passw0rd1234', 'changeme1234', 'abcdefghijkl',
  'aaaaaaaaaaaa', '111111111111', '000000000000', 'qwertyuiopas', 'trustno11234', 'football1234', 'baseball1234',
  'superman1234', 'monkey123456', 'dragon123456', 'sunshine1234', 'princess1234', 'p@ssw0rd1234', 'password!234',
  'correcthorsebatterystaple', 'passwordpassword', 'qwerty1234567', '1q2w3e4r5t6y', 'zaq12wsxcde3', 'vigilvigil12',
]);

export const MIN_PASSWORD_LENGTH = 12;

/** Returns why a password is unacceptable, or null. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'must be at most 256 characters';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'is too common; choose another';
  if (email && lower.includes(email.toLowerCase().split('@')[0]) && email.split('@')[0].length >= 4) return 'must not contain your email name';
  return null;
}
