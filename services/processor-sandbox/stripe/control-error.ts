/** A control route's refusal with its HTTP status (a bad body, an unknown object). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
