import { describe, expect, it } from 'vitest';
import { newPullRequestUrl, parseGitRemote } from '../../../shared/tasks/git-remote';
import { checkPrUrlInput, parsePullRequestUrl, PR_URL_RULE } from '../../../shared/tasks/pr-url';

describe('parsePullRequestUrl', () => {
  it.each([
    ['https://github.com/o/r/pull/42', 'github', 'o/r', 42, 'https://github.com/o/r/pull/42'],
    ['https://github.com/o/r/pull/42/files', 'github', 'o/r', 42, 'https://github.com/o/r/pull/42'],
    ['https://github.com/o/r/pull/42/commits/abc?diff=split#x', 'github', 'o/r', 42, 'https://github.com/o/r/pull/42'],
    ['http://github.com/my-org/my.repo/pull/7', 'github', 'my-org/my.repo', 7, 'https://github.com/my-org/my.repo/pull/7'],
    ['  https://github.com/o/r/pull/1  ', 'github', 'o/r', 1, 'https://github.com/o/r/pull/1'],
    ['https://gitlab.com/group/sub/proj/-/merge_requests/7', 'gitlab', 'group/sub/proj', 7, 'https://gitlab.com/group/sub/proj/-/merge_requests/7'],
    ['https://gitlab.com/g/p/-/merge_requests/7/diffs', 'gitlab', 'g/p', 7, 'https://gitlab.com/g/p/-/merge_requests/7'],
    ['https://git.example.com:8443/team/app/-/merge_requests/12', 'gitlab', 'team/app', 12, 'https://git.example.com:8443/team/app/-/merge_requests/12'],
    ['https://bitbucket.org/ws/repo/pull-requests/3', 'bitbucket', 'ws/repo', 3, 'https://bitbucket.org/ws/repo/pull-requests/3'],
    ['https://bitbucket.org/ws/repo/pull-requests/3/diff', 'bitbucket', 'ws/repo', 3, 'https://bitbucket.org/ws/repo/pull-requests/3'],
  ])('%s', (input, provider, repo, number, url) => {
    expect(parsePullRequestUrl(input)).toEqual({ provider, repo_full_name: repo, number, url });
  });

  it.each([
    'https://github.com/o/r',
    'https://github.com/o/r/issues/4',
    'https://github.com/o/r/pull/',
    'https://github.com/o/r/pull/0',
    'https://github.com/o/r/pull/-3',
    'https://github.com/o/r/pull/4x',
    'https://example.com/o/r/pull/42',
    'https://gitlab.com/-/merge_requests/7',
    'https://gitlab.com/g/p/-/issues/7',
    'https://bitbucket.org/ws/repo/pull/3',
    'ftp://github.com/o/r/pull/1',
    'javascript:alert(1)//github.com/o/r/pull/1',
    'https://user:pw@github.com/o/r/pull/1',
    'github.com/o/r/pull/1',
    'not a url',
    '',
  ])('refuses %s', (input) => {
    expect(parsePullRequestUrl(input)).toBeNull();
  });
});

describe('checkPrUrlInput', () => {
  it('treats only the empty value as unlink; only spaces is refused (the link is kept)', () => {
    expect(checkPrUrlInput('')).toEqual({ kind: 'unlink' });
    expect(checkPrUrlInput('   ')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^Only spaces .*the link is kept/), hint: expect.stringContaining('unlink') });
  });

  it('reads a pasted link without the spaces around it', () => {
    expect(checkPrUrlInput('  https://github.com/o/r/pull/42 \n')).toMatchObject({ kind: 'link', url: 'https://github.com/o/r/pull/42' });
  });

  it('links a recognised pull request by its canonical URL', () => {
    const check = checkPrUrlInput('https://github.com/o/r/pull/42/files');
    expect(check).toMatchObject({ kind: 'link', url: 'https://github.com/o/r/pull/42', pr: { number: 42 } });
  });

  it.each(['T-42', 'pull 42', 'mailto:a@b.c', 'javascript:alert(1)', 'file:///x', 'https://'])(
    'refuses the non-URL %s with the spec rule',
    (input) => {
      const check = checkPrUrlInput(input);
      expect(check.kind).toBe('invalid');
      if (check.kind === 'invalid') {
        expect(check.message).toContain(PR_URL_RULE);
        expect(check.hint).toMatch(/empty to unlink/);
      }
    },
  );

  it('refuses an unrecognised http URL by default, accepts it when asked', () => {
    expect(checkPrUrlInput('https://example.com/reviews/9').kind).toBe('invalid');
    expect(checkPrUrlInput('https://example.com/reviews/9', { allowOtherUrls: true })).toEqual({
      kind: 'link',
      url: 'https://example.com/reviews/9',
      pr: null,
    });
  });
});

describe('git remotes', () => {
  it.each([
    ['git@github.com:o/r.git', 'github.com', 'o/r', 'github'],
    ['git@github.com:o/r', 'github.com', 'o/r', 'github'],
    ['ssh://git@github.com/o/r.git', 'github.com', 'o/r', 'github'],
    ['ssh://git@gitlab.example.com:2222/g/sub/p.git', 'gitlab.example.com', 'g/sub/p', 'gitlab'],
    ['https://github.com/o/r.git', 'github.com', 'o/r', 'github'],
    ['https://user@bitbucket.org/ws/repo.git', 'bitbucket.org', 'ws/repo', 'bitbucket'],
    ['https://gitlab.com/g/p', 'gitlab.com', 'g/p', 'gitlab'],
    ['git@code.internal:team/app.git', 'code.internal', 'team/app', null],
  ])('%s', (remote, host, repo, provider) => {
    expect(parseGitRemote(remote)).toEqual({ host, repo_full_name: repo, provider });
  });

  it.each(['', 'not a remote', 'https://github.com/only-owner', 'file:///tmp/repo.git'])('refuses %s', (remote) => {
    expect(parseGitRemote(remote)).toBeNull();
  });

  it('builds the new-pull-request URL per provider', () => {
    expect(newPullRequestUrl('git@github.com:o/r.git', 'feature/T-42-login')).toBe(
      'https://github.com/o/r/compare/feature/T-42-login?expand=1',
    );
    expect(newPullRequestUrl('git@github.com:o/r.git', 'T-1-x', { base: 'main' })).toBe('https://github.com/o/r/compare/main...T-1-x?expand=1');
    expect(newPullRequestUrl('https://gitlab.com/g/p.git', 'T-7-fix')).toBe(
      'https://gitlab.com/g/p/-/merge_requests/new?merge_request%5Bsource_branch%5D=T-7-fix',
    );
    expect(newPullRequestUrl('git@bitbucket.org:ws/repo.git', 'T-3')).toBe('https://bitbucket.org/ws/repo/pull-requests/new?source=T-3');
    expect(newPullRequestUrl('git@code.internal:team/app.git', 'x')).toBeNull();
    expect(newPullRequestUrl('git@code.internal:team/app.git', 'x', { provider: 'gitlab' })).toBe(
      'https://code.internal/team/app/-/merge_requests/new?merge_request%5Bsource_branch%5D=x',
    );
  });
});

describe('pull request URLs a person could be misled by', () => {
  it.each([
    'https://example.com/o/r/pull-requests/3',
    'https://evil.example/ws/repo/pull-requests/3',
    'https://bitbucket.org.evil.example/ws/repo/pull-requests/3',
    'https://gitlab.com/o/r/pull/3',
    'https://example.com/o/r/pull/3',
  ])('a pull-request path on another host is refused: %s', (input) => {
    expect(parsePullRequestUrl(input)).toBeNull();
    expect(checkPrUrlInput(input).kind).toBe('invalid');
  });

  it('www. hosts are the same provider, linked by the canonical address', () => {
    expect(parsePullRequestUrl('https://www.bitbucket.org/ws/repo/pull-requests/3')?.url).toBe('https://bitbucket.org/ws/repo/pull-requests/3');
    expect(parsePullRequestUrl('https://WWW.GitHub.com/o/r/pull/3')?.url).toBe('https://github.com/o/r/pull/3');
  });

  it.each([
    'https://gitlab.com/g/p/-/merge_requests/abc',
    'https://gitlab.com/g/p/-/merge_requests/',
    'https://gitlab.com/g/p/-/merge_requests/0',
    'https://gitlab.com/g/<x>/-/merge_requests/7',
  ])('a GitLab merge request without a valid number or path is refused: %s', (input) => {
    expect(parsePullRequestUrl(input)).toBeNull();
    expect(checkPrUrlInput(input).kind).toBe('invalid');
  });

  it.each([
    'https://github.com/<x>/r/pull/1',
    'https://github.com/o/<x>/pull/1',
    'https://github.com/x%3Cy/r/pull/1',
    'https://github.com/o/r%3E/pull/1',
    'https://github.com/o%2Fp/r/pull/1',
    'https://github.com/o/r%2Fq/pull/1',
    'https://bitbucket.org/w%20s/repo/pull-requests/3',
    'https://github.com/%6F/r/pull/1',
    'https://gitlab.com/g%2Fh/p/-/merge_requests/7',
  ])('an owner or repository that is not one plain name is refused: %s', (input) => {
    expect(parsePullRequestUrl(input)).toBeNull();
  });

  it('http: pull request links are accepted and linked by their https canonical address', () => {
    expect(checkPrUrlInput('http://github.com/o/r/pull/7')).toMatchObject({ kind: 'link', url: 'https://github.com/o/r/pull/7' });
    expect(checkPrUrlInput('http://git.example.com/g/p/-/merge_requests/7')).toMatchObject({ kind: 'link', url: 'http://git.example.com/g/p/-/merge_requests/7' });
    expect(checkPrUrlInput('http://ci.example.com/build/1', { allowOtherUrls: true })).toEqual({ kind: 'link', url: 'http://ci.example.com/build/1', pr: null });
  });

  it('another URL is refused unless other URLs are allowed', () => {
    const refused = checkPrUrlInput('https://ci.example.com/build/1');
    expect(refused).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('not a pull request URL this tool recognises'),
      hint: expect.stringContaining('https://github.com/OWNER/REPO/pull/N'),
    });
    expect(checkPrUrlInput('https://ci.example.com/build/1', { allowOtherUrls: true })).toEqual({ kind: 'link', url: 'https://ci.example.com/build/1', pr: null });
  });

  it('a long refused value is cut to 80 characters in the message', () => {
    const long = 'https://ci.example.com/' + 'a'.repeat(100);
    const check = checkPrUrlInput(long);
    expect(check.kind).toBe('invalid');
    if (check.kind === 'invalid') expect(check.message).toContain(`"${long.slice(0, 77)}..."`);
    const exact = 'https://ci.example.com/' + 'a'.repeat(57);
    expect(exact).toHaveLength(80);
    const check80 = checkPrUrlInput(exact);
    if (check80.kind === 'invalid') expect(check80.message).toContain(`"${exact}"`);
  });
});

describe('pull request URLs with credentials or odd numbers', () => {
  it.each([
    'https://user@github.com/o/r/pull/1',
    'https://:secret@github.com/o/r/pull/1',
    'https://github.com/o/r/pull/x4',
    'https://github.com/o/r/pull/12345678901',
    'https://github.com/o/r/pull/1/-/merge_requests/x',
  ])('refuses %s', (input) => {
    expect(parsePullRequestUrl(input)).toBeNull();
  });

  it('accepts the largest number it allows', () => {
    expect(parsePullRequestUrl('https://github.com/o/r/pull/9999999999')?.number).toBe(9_999_999_999);
  });
});
