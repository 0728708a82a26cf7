import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint setup (eslint.config.js, rule lint/features.js) on snippets placed in the two front ends'
// feature folders: a feature imports shared/ and its own folder, never another feature.
const root = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')}/`;
const eslint = new ESLint({ cwd: root });

/** The feature-wall messages for `code` as if it were the file at `file` (relative to the repository). */
async function crossImports(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: `${root}${file}` });
  return results
    .flatMap((r) => r.messages)
    .filter((m) => m.ruleId === 'features/no-cross-import')
    .map((m) => m.message);
}

const refusal = (feature: string) =>
  `A feature does not import another feature (features/${feature}): move what both need to shared/.`;

describe('the feature import rule', () => {
  it("refuses a console feature's import of another feature, however the path is written", async () => {
    const code = [
      "import { toForm } from '../content/specs';",
      "import type { FieldSpec } from '../../features/content/resource-screens';",
      "export { VenueIntegrationButton } from '../content/venue-integration';",
      "export * from '../members/api';",
      "export const load = () => import('../content/resource-screens');",
      'export const both: [typeof toForm, FieldSpec | undefined] = [toForm, undefined];',
    ].join('\n');
    expect(await crossImports('apps/admin/src/features/settings/snippet.tsx', code)).toEqual([
      refusal('content'),
      refusal('content'),
      refusal('content'),
      refusal('members'),
      refusal('content'),
    ]);
  });

  it("refuses the same in a feature's test and in the web app", async () => {
    const test = "import { UserCentPage } from '../profile/user-cent-page';\nexport const page = UserCentPage;\n";
    expect(await crossImports('apps/web/src/features/responsible/snippet.test.tsx', test)).toEqual([
      refusal('profile'),
    ]);
    const css = "import '../records/records.css';\nexport const styled = true;\n";
    expect(await crossImports('apps/web/src/features/rebates/snippet.tsx', css)).toEqual([refusal('records')]);
  });

  it('passes imports of the own folder, of shared/ and of packages, and lets app/ import any feature', async () => {
    const own = [
      "import { Form } from 'antd';",
      "import { callAdmin } from '../../shared/api/client';",
      "import { FieldInput } from '../../shared/resources/resource-page';",
      "import { SettingsPage } from './settings-page';",
      "import { x } from '../settings/other';",
      'export const used = [Form, callAdmin, FieldInput, SettingsPage, x];',
    ].join('\n');
    expect(await crossImports('apps/admin/src/features/settings/snippet.tsx', own)).toEqual([]);
    const app =
      "import { BannersPage } from '../features/content/resource-screens';\nexport const page = BannersPage;\n";
    expect(await crossImports('apps/admin/src/app/snippet.tsx', app)).toEqual([]);
  });
});
