import { createContext, useContext } from 'react';
import type { Session } from '@humantime/contract/dashboard';

/** Who is signed in; set by the shell once GET /session answers. */
export const SessionContext = createContext<{ session: Session; refresh: () => void } | null>(null);

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the signed-in shell');
  return value;
}
