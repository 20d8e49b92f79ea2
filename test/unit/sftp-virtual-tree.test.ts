import { isUploadFileName, renameRefusal, resolvePath } from '../../services/sftp/virtual-tree';

describe('SFTP virtual tree (services/sftp/virtual-tree.ts)', () => {
  test.each([
    ['', '/', 'root'],
    ['.', '/', 'root'],
    ['/', '/', 'root'],
    ['imports', '/imports', 'imports'],
    ['/imports/USER', '/imports/USER', 'import-folder'],
    ['/imports/USER/', '/imports/USER', 'import-folder'],
    ['//imports/./USER/users.csv', '/imports/USER/users.csv', 'import-file'],
    ['/imports/USER/../DELETE_USER/x.csv', '/imports/DELETE_USER/x.csv', 'import-file'],
    ['/status', '/status', 'status-folder'],
    ['/status/users.csv.json', '/status/users.csv.json', 'status-file'],
    ['/results/users.csv.result.csv', '/results/users.csv.result.csv', 'result-file'],
    ['/imports/MUTATION/USER', '/imports/MUTATION/USER', 'missing'],
    ['/imports/USER/a/b.csv', '/imports/USER/a/b.csv', 'missing'],
    ['/etc/passwd', '/etc/passwd', 'missing'],
    ['/status/a/b', '/status/a/b', 'missing'],
  ])('%j resolves to %s (%s)', (input, canonical, kind) => {
    const r = resolvePath(input);
    expect(r).toMatchObject({ ok: true, path: canonical, node: { kind } });
  });

  test('the job type of an import folder is the registered one', () => {
    expect(resolvePath('/imports/USER_EVENT/e.csv')).toMatchObject({
      node: { kind: 'import-file', jobType: 'MUTATION/USER_EVENT', fileName: 'e.csv' },
    });
  });

  test.each([
    '..',
    '/..',
    '../etc/passwd',
    '/imports/../../etc',
    '/status/../../..',
    'a/../../b',
    'x\u0000y',
  ])('%j is refused', (input) => {
    expect(resolvePath(input)).toMatchObject({ ok: false });
  });

  test('upload file names: printable, one segment, no leading dot, at most 128 characters', () => {
    for (const ok of ['users.csv', 'Users Export 2024.csv', 'données.jsonl', 'a'.repeat(128)]) {
      expect([ok, isUploadFileName(ok)]).toEqual([ok, true]);
    }
    for (const bad of ['', '.hidden', 'a\\b', 'a\nb', ' lead', 'a'.repeat(129), 'x\uD800']) {
      expect([bad, isUploadFileName(bad)]).toEqual([bad, false]);
    }
    expect(resolvePath('/imports/USER/.hidden')).toMatchObject({
      node: { kind: 'missing', reason: expect.any(String) },
    });
  });

  test('renames: never out of a folder; within an import folder there is nothing to rename', () => {
    const node = (p: string) => {
      const r = resolvePath(p);
      if (!r.ok) throw new Error(p);
      return r.node;
    };
    expect(renameRefusal(node('/imports/USER/a.csv'), node('/imports/USER/b.csv'))).toBe('no-such-file');
    expect(renameRefusal(node('/imports/USER/a.csv'), node('/imports/DELETE_USER/a.csv'))).toBe(
      'permission-denied',
    );
    expect(renameRefusal(node('/imports/USER/a.csv'), node('/status/a.csv'))).toBe('permission-denied');
    expect(renameRefusal(node('/status/a.json'), node('/status/b.json'))).toBe('permission-denied');
  });
});
