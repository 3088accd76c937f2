/**
 * How every benchmark hands a measurement to the run: a name, the value as printed, and for a claim its target and
 * whether the value met it (no `ok`: reported, not judged).
 */
export type Report = (name: string, value: string, target?: string, ok?: boolean) => void;
