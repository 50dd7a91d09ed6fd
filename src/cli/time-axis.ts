/**
 * Ticks for a time axis and a count axis, for the burn-down charts. Dates are read and labelled
 * in UTC so the same history gives the same chart on every machine.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface Tick {
  readonly time: number;
  readonly label: string;
}

type Unit = 'hour' | 'day' | 'month' | 'year';

interface Interval {
  readonly unit: Unit;
  readonly step: number;
  /** Rough length, to pick the interval that fits. */
  readonly length: number;
}

const INTERVALS: readonly Interval[] = [
  ...[1, 3, 6, 12].map((step) => ({ unit: 'hour' as const, step, length: step * HOUR })),
  ...[1, 2, 7, 14].map((step) => ({ unit: 'day' as const, step, length: step * DAY })),
  ...[1, 2, 3, 6].map((step) => ({ unit: 'month' as const, step, length: step * 30.4 * DAY })),
  ...[1, 2, 5, 10, 25, 50, 100].map((step) => ({ unit: 'year' as const, step, length: step * 365.25 * DAY })),
];

/** The first boundary of `interval` at or after `time`. */
function firstBoundary(time: number, { unit, step }: Interval): number {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (unit) {
    case 'hour': {
      const start = Date.UTC(year, month, date.getUTCDate(), Math.ceil(date.getUTCHours() / step) * step);
      return start < time ? start + step * HOUR : start;
    }
    case 'day': {
      // Weekly ticks fall on Mondays, as calendars print them.
      let start = Date.UTC(year, month, date.getUTCDate());
      if (start < time) start += DAY;
      if (step >= 7) while (new Date(start).getUTCDay() !== 1) start += DAY;
      return start;
    }
    case 'month': {
      let index = year * 12 + Math.ceil(month / step) * step;
      if (Date.UTC(Math.floor(index / 12), index % 12, 1) < time) index += step;
      return Date.UTC(Math.floor(index / 12), index % 12, 1);
    }
    case 'year': {
      let first = Math.ceil(year / step) * step;
      if (Date.UTC(first, 0, 1) < time) first += step;
      return Date.UTC(first, 0, 1);
    }
  }
}

function next(time: number, { unit, step }: Interval): number {
  const date = new Date(time);
  switch (unit) {
    case 'hour':
      return time + step * HOUR;
    case 'day':
      return time + step * DAY;
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1);
    case 'year':
      return Date.UTC(date.getUTCFullYear() + step, 0, 1);
  }
}

/**
 * A label says only what changed since the previous tick (`Feb`, then `2026` on a new year),
 * except the first, which says enough to place the axis on its own.
 */
function label(time: number, previous: number | undefined, unit: Unit): string {
  const date = new Date(time);
  const before = previous === undefined ? undefined : new Date(previous);
  const year = String(date.getUTCFullYear());
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const newYear = before === undefined || before.getUTCFullYear() !== date.getUTCFullYear();
  switch (unit) {
    case 'year':
      return year;
    case 'month':
      return newYear ? `${month} ${year}` : month;
    case 'day':
      return newYear ? `${date.getUTCDate()} ${month} ${year}` : `${date.getUTCDate()} ${month}`;
    case 'hour': {
      const clock = `${String(date.getUTCHours()).padStart(2, '0')}:00`;
      const newDay = before === undefined || Math.floor(previous! / DAY) !== Math.floor(time / DAY);
      return newDay ? `${date.getUTCDate()} ${month} ${clock}` : clock;
    }
  }
}

/** Calendar-aligned ticks between `start` and `end`, no more than `maxTicks` of them (at least one). */
export function timeTicks(start: number, end: number, maxTicks: number): Tick[] {
  const span = Math.max(end - start, 1);
  const interval = INTERVALS.find((candidate) => span / candidate.length <= maxTicks) ?? INTERVALS[INTERVALS.length - 1]!;
  const ticks: Tick[] = [];
  let previous: number | undefined;
  for (let time = firstBoundary(start, interval); time <= end; time = next(time, interval)) {
    ticks.push({ time, label: label(time, previous, interval.unit) });
    previous = time;
  }
  return ticks;
}

/** A round step (1, 2 or 5 times a power of ten, never below 1) giving at most `maxTicks` steps up to `maximum`. */
export function countTicks(maximum: number, maxTicks: number): number[] {
  let step = 1;
  for (let power = 1; step * maxTicks < maximum; power *= 10) {
    step = [1, 2, 5].map((factor) => factor * power).find((candidate) => candidate * maxTicks >= maximum) ?? 10 * power;
  }
  const top = Math.max(step, Math.ceil(maximum / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/** `6 Jan 2025`: how the chart's title and the tables name a day. */
export function dayLabel(time: number): string {
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}
