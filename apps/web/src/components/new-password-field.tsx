import { MIN_PASSWORD_LENGTH } from '@humantime/contract/dashboard';

/** A password being chosen: the contract's minimum, stated and checked by the browser too. */
export function NewPasswordField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor="password">{label}</label>
      <input
        id="password"
        type="password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="new-password"
        aria-describedby="password-hint"
      />
      <div className="hint" id="password-hint">
        At least {MIN_PASSWORD_LENGTH} characters.
      </div>
    </div>
  );
}
