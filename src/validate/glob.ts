/**
 * Compiles a glob to a RegExp matched against `/`-separated relative paths: `**` matches
 * any number of path segments, `*` anything but `/`, `?` one character but `/`. A
 * pattern without `/` matches the base name in any folder (as in .gitignore).
 */
export function globToRegExp(glob: string): RegExp {
  const pattern = glob.includes('/') ? glob.replace(/^\.\//, '') : `**/${glob}`;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
