/**
 * Safe defaults: the Program page warns while a setting allows a subscription 100 % off or
 * every fraud signal is Allow (the rules: program-warning-rules.ts). Read from the form's values, so the
 * warning follows what is typed; a VIEWER sees the same ones for the saved settings.
 */
import type { ProgramValues } from './program-form';
import { programWarnings } from './program-warning-rules';

export function ProgramWarnings({ values }: { values: ProgramValues }) {
  const warnings = programWarnings(values);
  if (warnings.length === 0) return null;
  return (
    <div class="notice notice-warning" data-testid="program-warnings">
      <p class="notice-title">Check these settings</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
