/** The refusal to use a data folder that another live process uses. */

/** Thrown when another live process uses the data folder. Its message is the one sentence shown. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  /** The process that holds it, when known. */
  readonly ownerPid: number | null;
  constructor(message: string, ownerPid: number | null) {
    super(message);
    this.ownerPid = ownerPid;
  }
}

/** Type guard by name (works across module copies). */
export function isDataDirInUseError(error: unknown): error is DataDirInUseError {
  return error instanceof Error && error.name === 'DataDirInUseError';
}
