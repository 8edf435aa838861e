import { type Kysely, sql } from 'kysely';

/**
 * Partner names masked in level-income notes (issue 15). The daily run stored "Level 1 income from Ada
 * Lovelace for …" in the upline's wallet history, the partner's full name shown to another user; new
 * notes are masked when written, and this masks the ones written before. Masking is copied here, not
 * imported: a migration must do tomorrow what it did today, whatever the code of the day.
 */
const LEVEL_NOTE = /^(Level \d+ income from )(.+)( for \d{4}-\d{2}-\d{2})$/;

/** "Ada Lovelace" → "A*a L******e" (a masked name stays as it is). */
function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      word.length <= 2 ? `${word[0]}*` : `${word[0]}${'*'.repeat(word.length - 2)}${word.at(-1)}`,
    )
    .join(' ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ note: string }>`
    select distinct note from affiliate_transactions where source = 'LEVEL'`.execute(db);
  for (const { note } of rows) {
    const parts = LEVEL_NOTE.exec(note);
    if (!parts) continue;
    const masked = `${parts[1]}${maskName(parts[2]!)}${parts[3]}`;
    if (masked === note) continue;
    await sql`update affiliate_transactions set note = ${masked}
      where source = 'LEVEL' and note = ${note}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The full names are gone on purpose: nothing to restore.
}
