#!/usr/bin/env python3
"""Writes scripts/kitctl.order: the functions kitctl runs for its commonest commands, command by
command, and then the data `timer start` reads and writes, for the linker to lay out side by side
(`make release` and `make static` link kitctl with lld's --symbol-ordering-file).

A command that starts and exits in two milliseconds spends much of them in page faults: each first
touch of a page is one (for code, the kernel maps up to 16 pages around it, when they are beside
each other; for zero-filled data, one page, and a write after a read is a second). Laid out as the
linker likes, `kitctl timer start` took 78 faults on its code and 46 on its zero-filled data; with
what it uses side by side, 22 on its code, and 47 fewer in all (see docs/performance.md).

Usage: scripts/kitctl-order.py BINDIR, where BINDIR holds a release kitd and kitctl (`make release`).
When BINDIR's kitctl loads the Swift runtime as a library (`make release` stopped at check-order
before putting its own there), the kitctl it linked in .build-static is laid out instead.
Needs valgrind: callgrind records every function a run enters, lackey every address it reads or
writes. The commands run against a kitd of their own, under a temporary directory. A symbol renamed
since the file was written is only left out of the layout (the linker is told not to warn); run
this again after a large change to kitctl.
"""
import bisect
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
    ['timer', 'show', '1'],
    ['ramen', 'cook', '신라면'],
    ['task', 'add', 'take out the bins', '--due', 'tomorrow 8:00'],
    ['task', 'list'],
]

# The data of the first two only (`timer start`, which FastLane reads): the others go through
# swift-argument-parser, whose reflection touches 7,000 more objects (a file three times longer).
DATA_COMMANDS = 2

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, 'kitctl.order')


def functions_entered(callgrind_file):
    """The names of the functions callgrind recorded (`fn=(7) name`, or `cfn=` for a callee)."""
    names = set()
    with open(callgrind_file, errors='replace') as f:
        for line in f:
            match = re.match(r'^c?fn=\(\d+\) (.+)$', line.rstrip('\n'))
            if match:
                names.add(re.sub(r"'\d+$", '', match.group(1)))
    return names


def symbols(binary):
    """kitctl's functions, by name, and its data objects sorted by address: (start, size, name)."""
    listed = subprocess.run(['nm', '-S', '-n', binary], capture_output=True, text=True, check=True).stdout
    functions, data = set(), []
    for parts in (line.split() for line in listed.splitlines()):
        if len(parts) >= 3 and parts[-2] in 'tTwW':
            functions.add(parts[-1])
        elif len(parts) == 4 and parts[2] in 'bBdDrR':
            data.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return functions, data


def data_touched(lackey_file, symbols, starts):
    """The data objects a run read or wrote, in the order it first touched them: lackey's log has a
    line ` L address,size` (load), ` S` (store) or ` M` (modify) for each access."""
    names, seen = [], set()
    with open(lackey_file, errors='replace') as f:
        for line in f:
            if len(line) < 4 or line[0] != ' ' or line[1] not in 'LSM':
                continue
            address = int(line[3:].split(',')[0], 16)
            index = bisect.bisect_right(starts, address) - 1
            if index < 0:
                continue
            start, size, name = symbols[index]
            if address < start + max(size, 1) and name not in seen:
                seen.add(name)
                names.append(name)
    return names


def shown(path):
    """`path` from here when it is below this directory, else whole."""
    relative = os.path.relpath(path)
    return path if relative.startswith('..') else relative


def loads_swift_runtime(binary):
    """Whether `binary` loads the Swift runtime as a library, rather than having it inside."""
    dynamic = subprocess.run(['readelf', '-d', binary], capture_output=True, text=True, check=True).stdout
    return 'libswiftCore.so' in dynamic


def kitctl_to_lay_out(bindir):
    """BINDIR's kitctl, as `make release` leaves it: linked with the Swift runtime inside it. When
    `make release` stopped at check-order, BINDIR still holds the kitctl SwiftPM linked first, which
    loads the runtime as a library; the order of that one would leave out the runtime's functions
    and have no data objects. Then the one `make release` linked in .build-static is laid out."""
    kitctl = bindir + '/kitctl'
    if not loads_swift_runtime(kitctl):
        return kitctl
    linked = os.path.join(os.path.dirname(HERE), '.build-static', 'release', 'kitctl')
    if os.path.exists(linked) and not loads_swift_runtime(linked):
        print(f'kitctl-order: {shown(kitctl)} loads the Swift runtime as a library; laying out '
              f'{shown(linked)}, which make release links with it inside')
        return linked
    raise SystemExit(f'kitctl-order: {shown(kitctl)} loads the Swift runtime as a library, and there is no '
                     f'kitctl with it inside in {shown(os.path.dirname(linked))}: run make release first')


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    bindir = os.path.abspath(sys.argv[1])
    kitctl = kitctl_to_lay_out(bindir)
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
        functions, data_objects = symbols(kitctl)
        starts = [start for start, _, _ in data_objects]
        order, seen = [], set()
        data, seen_data = [], set()
        for number, command in enumerate(COMMANDS):
            out = f'{root}/callgrind.{number}'
            subprocess.run(['valgrind', '--tool=callgrind', '--demangle=no', '--callgrind-out-file=' + out,
                            kitctl] + command, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            # By name within a command (callgrind's own order is not the order they ran in, and
            # changes from run to run): what a command runs stays together, and the file diffs.
            entered = sorted(functions_entered(out) - seen)
            seen.update(entered)
            order += entered
            os.remove(out)
            if number >= DATA_COMMANDS:
                continue
            # Each command runs again under lackey (a second timer named `order (2)`: nothing the
            # layout depends on).
            log = f'{root}/lackey.{number}'
            subprocess.run(['valgrind', '--tool=lackey', '--trace-mem=yes', '--log-file=' + log,
                            kitctl] + command, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            for name in data_touched(log, data_objects, starts):
                if name not in seen_data:
                    seen_data.add(name)
                    data.append(name)
            os.remove(log)
    finally:
        kitd.terminate()
        kitd.wait()
        shutil.rmtree(root, ignore_errors=True)
    if not data:
        raise SystemExit(f'kitctl-order: no data object of {shown(kitctl)} was seen touched; '
                         f'{os.path.relpath(OUTPUT)} is left as it was')
    kept = [name for name in order if name in functions] + data
    with open(OUTPUT, 'w') as f:
        f.write('# Written by scripts/kitctl-order.py: the functions kitctl runs for ' +
                ', '.join('`' + ' '.join(c) + '`' for c in COMMANDS[:3]) + ' and a few more commands,\n')
        f.write('# command by command, then the data `timer start` touches; the linker lays them out side by side\n')
        f.write('# (make release).\n')
        f.write('\n'.join(kept) + '\n')
    print(f'kitctl-order: {len(kept) - len(data)} functions and {len(data)} data objects written to '
          f'{os.path.relpath(OUTPUT)}')


if __name__ == '__main__':
    main()
