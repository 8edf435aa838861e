import { passwordStrength } from '../../lib/password.ts';

const colours = ['', 'danger', 'warning', 'secondary', 'success'] as const;

/** Four bars and a word under a new password, from the contract's password rule (lib/password). */
export function PasswordStrengthMeter({ password, testId }: { password: string; testId: string }) {
  const strength = passwordStrength(password);
  const colour = colours[strength.score];
  return (
    <div className="fit24-strength" data-testid={testId} data-score={strength.score} aria-live="polite">
      <div className="fit24-strength__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className="fit24-strength__bar"
            style={bar <= strength.score ? { background: `var(--ion-color-${colour})` } : undefined}
          />
        ))}
      </div>
      <p className="fit24-strength__text">
        {strength.label && (
          <strong style={{ color: `var(--ion-color-${colour})` }}>{strength.label} · </strong>
        )}
        <span>{strength.hint}</span>
      </p>
    </div>
  );
}
