/** A pino destination that keeps every line in memory, for tests that assert on logs. */
export class LogCapture {
  readonly lines: string[] = [];

  write(chunk: string): void {
    for (const line of chunk.split('\n')) if (line) this.lines.push(line);
  }

  text(): string {
    return this.lines.join('\n');
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}
