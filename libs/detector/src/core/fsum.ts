// Exactly rounded floating-point sum (Shewchuk / Python math.fsum), so means and deviations match the Python side.
export function fsum(xs: Iterable<number>): number {
  const partials: number[] = [];
  for (let x of xs) {
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
  }
  // Round the partials to one double, correcting the half-way case like CPython does.
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n];
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}

export function mean(xs: readonly number[]): number {
  return xs.length > 0 ? fsum(xs) / xs.length : 0;
}

/** Population standard deviation (divide by count). */
export function pstd(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  return Math.sqrt(fsum(xs.map((x) => (x - m) * (x - m))) / xs.length);
}

export function div(a: number, b: number): number {
  return b > 0 ? a / b : 0;
}
