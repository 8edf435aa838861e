import type { ReactNode } from 'react';

/** A card of the settings page: `settings-<name>` and `settings-<name>-title` are its ids. */
export function SettingsPanel({
  name,
  title,
  lead,
  status,
  children,
}: {
  name: string;
  title: string;
  lead: ReactNode;
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="fit24-panel"
      aria-labelledby={`settings-${name}-title`}
      data-testid={`settings-${name}`}
    >
      <div className="fit24-panel__head">
        <div>
          <h2 id={`settings-${name}-title`}>{title}</h2>
          <p>{lead}</p>
        </div>
        {status}
      </div>
      {children}
    </section>
  );
}
