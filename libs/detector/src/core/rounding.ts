// The product's rounding: one decimal for every percentage shown, four for scores. Pure.
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}
