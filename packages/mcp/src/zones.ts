import type { Humantime } from '@humantime/sdk';

/**
 * Looks up each human's time zone at most once per tool call (a zone can change between
 * calls through PATCH, so nothing is kept longer). A deleted human's bookings stay
 * readable but the human does not: then the zone is unknown and null.
 */
export function zoneLookup(client: Humantime): (humanId: string) => Promise<string | null> {
  const zones = new Map<string, Promise<string | null>>();
  return (humanId) => {
    let zone = zones.get(humanId);
    if (!zone) {
      zone = client.humans.get(humanId).then(
        (h) => h.timezone,
        (error: unknown) => {
          if ((error as { code?: string }).code === 'NOT_FOUND') return null;
          throw error;
        },
      );
      zones.set(humanId, zone);
    }
    return zone;
  };
}
