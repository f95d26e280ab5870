import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  intro?: ReactNode;
  /** Moves focus to the heading whenever it changes, so a screen reader starts there. */
  focusTitle?: boolean;
  children: ReactNode;
};

/** The centred card of the signed-out pages (and of the OAuth consent page). */
export function AuthFrame({ title, intro, focusTitle = false, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle, title]);

  return (
    <main className="auth">
      <div className="card">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ht
          </span>
          humantime
        </div>
        <h1 ref={heading} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
    </main>
  );
}
