// The one median of the benchmarks: the middle sample (upper middle for an even count). A run that produced no
// sample is a broken benchmark, so it throws rather than print NaN.

/**
 * @param {readonly number[]} samples
 * @returns {number}
 */
export function median(samples) {
  const middle = [...samples].sort((a, b) => a - b)[samples.length >> 1];
  if (middle === undefined) throw new Error('median of no samples');
  return middle;
}
