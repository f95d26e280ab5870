import type { ReactNode } from 'react';
import { useSession } from './session.js';

/** Whether the signed-in person is an owner of the organization the session is in. */
export function useIsOwner(): boolean {
  return useSession().session.role === 'owner';
}

type Props = {
  children: ReactNode;
  id?: string;
  /** A page's note (a box above its content) rather than a card's line. */
  boxed?: boolean;
};

/**
 * What a member sees where an owner has a control: why it is not there. The server refuses
 * the action for members too (403 FORBIDDEN); this only says so before they try.
 */
export function OwnersOnlyNote({ children, id, boxed = false }: Props) {
  const { session } = useSession();
  const text = (
    <>
      {children} You are a member of {session.organization.name}; ask an owner.
    </>
  );
  if (boxed) {
    return (
      <div className="notice info owners-only-box" role="note" id={id} data-testid="owners-only">
        {text}
      </div>
    );
  }
  return (
    <p className="small muted owners-only" id={id} data-testid="owners-only">
      {text}
    </p>
  );
}
