/** Formatting shared by the generators that write knowledge YAML by hand (fda-names, fda-combinations). */
export class GeneratedYamlFormatter {
  /** A YAML scalar: plain when it cannot be read as anything but the same string, else JSON-quoted. */
  static scalar(s: string): string {
    return /^[a-z0-9][a-z0-9 .()/-]*$/i.test(s) && !/^(yes|no|true|false|null|on|off)$/i.test(s) && !/[:#]/.test(s) ? s : JSON.stringify(s);
  }
}
