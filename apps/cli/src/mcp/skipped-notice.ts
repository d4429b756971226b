import { type Session, skipWarnings } from "../session.js";

/**
 * What an untrusted project asked for and did not get (a JavaScript configuration, providers
 * of its own), one entry per thing skipped, with the same text `rulebook lint` shows
 * (docs/behaviour.md#trust): `runMcp` logs each on standard error and sends each to the client
 * as a `notifications/message` warning once it has initialised.
 */
export function skippedNotices(session: Session): Array<{ stderr: string; client: string }> {
  return skipWarnings(session).map((d) => ({ stderr: `warning: ${d.message}`, client: `${d.code}: ${d.message}` }));
}
