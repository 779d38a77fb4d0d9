import argon2 from 'argon2';

/** argon2id with the library's recommended parameters (m=64 MiB, t=3, p=4). */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    // Always do the work, so a missing account costs as much time as a wrong password.
    this.dummy ??= this.hash('vigil-timing-equaliser');
    const target = hash ?? (await this.dummy);
    const ok = await argon2.verify(target, password).catch(() => false);
    return ok && hash !== null && hash !== undefined;
  }
}
