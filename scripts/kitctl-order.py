#!/usr/bin/env python3
"""Writes scripts/kitctl.order: the functions kitctl runs for its commonest commands, in the order
it first runs them, for the linker to lay out side by side (`make release` and `make static` link
kitctl with lld's --symbol-ordering-file).

A command that starts and exits in two milliseconds spends much of them in page faults: each first
touch of a page of code is one (the kernel maps up to 16 pages around it, when they are beside each
other). Laid out as the linker likes, the code of `kitctl timer start` was spread over 78 such faults;
with the functions it runs side by side, 29 (see README, Figures).

Usage: scripts/kitctl-order.py BINDIR, where BINDIR holds a release kitd and kitctl (`make release`).
Needs valgrind: callgrind records every function a run enters. The commands run against a kitd of
their own, under a temporary directory. A function renamed since the file was written is only left
out of the layout (the linker is told not to warn); run this again after a large change to kitctl.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The commands scripts and status bars run most, the first first: its code comes first.
COMMANDS = [
    ['timer', 'start', '1h', '--name', 'order'],
    ['timer', 'start', '4m30s'],
    ['status'],
    ['timer', 'list'],
    ['timer', 'cancel', 'order'],
    ['ramen', 'cook', '신라면'],
    ['task', 'add', 'take out the bins', '--due', 'tomorrow 8:00'],
    ['task', 'list'],
]

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, 'kitctl.order')


def functions_entered(callgrind_file):
    """The names callgrind recorded, in the order it first met them."""
    names, seen = [], set()
    with open(callgrind_file, errors='replace') as f:
        for line in f:
            match = re.match(r'^c?fn=\(\d+\) (.+)$', line.rstrip('\n'))
            if match:
                name = re.sub(r"'\d+$", '', match.group(1))
                if name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def text_symbols(binary):
    listed = subprocess.run(['nm', binary], capture_output=True, text=True, check=True).stdout
    return {parts[2] for parts in (line.split() for line in listed.splitlines())
            if len(parts) == 3 and parts[1] in 'tTwW'}


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    bindir = os.path.abspath(sys.argv[1])
    if not shutil.which('valgrind'):
        raise SystemExit('kitctl-order: needs valgrind (apt-get install valgrind)')
    root = tempfile.mkdtemp(prefix='kitctl-order.')
    env = {'PATH': '/usr/bin:/bin', 'HOME': root, 'XDG_RUNTIME_DIR': root + '/run',
           'XDG_DATA_HOME': root + '/data', 'XDG_CONFIG_HOME': root + '/config', 'LANG': 'C.UTF-8'}
    for d in ('run', 'data', 'config'):
        os.makedirs(root + '/' + d, mode=0o700)
    kitd = subprocess.Popen([bindir + '/kitd'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(root + '/run/kit/kitd.sock'):
            if time.monotonic() > deadline or kitd.poll() is not None:
                raise SystemExit('kitctl-order: kitd did not start')
            time.sleep(0.02)
        order, seen = [], set()
        for number, command in enumerate(COMMANDS):
            out = f'{root}/callgrind.{number}'
            subprocess.run(['valgrind', '--tool=callgrind', '--demangle=no', '--callgrind-out-file=' + out,
                            bindir + '/kitctl'] + command, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            for name in functions_entered(out):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    finally:
        kitd.terminate()
        kitd.wait()
        shutil.rmtree(root, ignore_errors=True)
    symbols = text_symbols(bindir + '/kitctl')
    kept = [name for name in order if name in symbols]
    with open(OUTPUT, 'w') as f:
        f.write('# Written by scripts/kitctl-order.py: the functions kitctl runs for ' +
                ', '.join('`' + ' '.join(c) + '`' for c in COMMANDS[:3]) + ' and a few more commands,\n')
        f.write('# in the order it first runs them; the linker lays them out side by side (make release).\n')
        f.write('\n'.join(kept) + '\n')
    print(f'kitctl-order: {len(kept)} functions written to {os.path.relpath(OUTPUT)}')


if __name__ == '__main__':
    main()
