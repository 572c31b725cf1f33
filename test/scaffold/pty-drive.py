"""Runs a command in a pseudo-terminal and answers it: argv[1] is a JSON list of
[text to wait for, keys to send] pairs, argv[2:] the command. Waits for each text (no
fixed sleeps; gives up after 30 s), then prints the whole output and exits with the
command's exit code (124 when a text never appeared)."""
import json, os, pty, select, sys, time

steps = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
out = b''
seen = 0

def wait_for(text):
    global out, seen
    deadline = time.time() + 30
    while time.time() < deadline:
        at = out.find(text.encode(), seen)
        if at >= 0:
            seen = at + len(text.encode())
            return True
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out += chunk
    return False

for text, keys in steps:
    if not wait_for(text):
        sys.stdout.write(out.decode(errors='replace'))
        sys.stdout.write('\n[pty-drive] never saw: %r\n' % text)
        os.kill(pid, 9)
        sys.exit(124)
    os.write(fd, keys.encode())
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors='replace'))
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
