/** Durations and failures per named call, and the table the bench prints. */
export class CallStats {
  private readonly durations = new Map<string, number[]>();
  private readonly errors = new Map<string, number>();
  /** The first few distinct failures, to say what went wrong. */
  readonly samples: string[] = [];

  record(name: string, ms: number, failure: string | null): void {
    const list = this.durations.get(name) ?? [];
    list.push(ms);
    this.durations.set(name, list);
    if (failure === null) return;
    this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
    const line = `${name}: ${failure}`;
    if (this.samples.length < 8 && !this.samples.includes(line)) this.samples.push(line);
  }

  get totalCalls(): number {
    let n = 0;
    for (const list of this.durations.values()) n += list.length;
    return n;
  }

  get totalErrors(): number {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }

  /** Percentiles over every call whose name `include` accepts (all of them by default). */
  overall(include: (name: string) => boolean = () => true): {
    p50: number;
    p95: number;
    p99: number;
  } {
    return percentiles(
      [...this.durations.entries()].filter(([name]) => include(name)).flatMap(([, list]) => list),
    );
  }

  rows(): { name: string; count: number; errors: number; p50: number; p95: number; p99: number }[] {
    return [...this.durations.entries()].map(([name, list]) => ({
      name,
      count: list.length,
      errors: this.errors.get(name) ?? 0,
      ...percentiles(list),
    }));
  }
}

export function percentiles(values: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
