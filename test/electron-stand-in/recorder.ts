/** One call the app made on the stand-in, in the order it was made. */
export interface Call {
  /** e.g. "app", "ipcMain", "BrowserWindow", "webContents". */
  readonly part: string;
  readonly method: string;
  readonly args: readonly unknown[];
}

/** Every call on the stand-in, in order, and markers the test sets (e.g. "ready"). */
export class Recorder {
  readonly calls: Call[] = [];

  record(part: string, method: string, args: readonly unknown[] = []): void {
    this.calls.push({ part, method, args });
  }

  /** "part.method" of every call, in order. */
  names(): string[] {
    return this.calls.map((c) => `${c.part}.${c.method}`);
  }

  /** Index of the first call named "part.method" (whose first argument is `arg`, if given); -1 if none. */
  first(name: string, arg?: unknown): number {
    return this.calls.findIndex(
      (c) => `${c.part}.${c.method}` === name && (arg === undefined || c.args[0] === arg),
    );
  }

  /** Every call named "part.method". */
  all(name: string): Call[] {
    return this.calls.filter((c) => `${c.part}.${c.method}` === name);
  }
}
