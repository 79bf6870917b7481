#!/usr/bin/python3
"""kit in the tray, measured (issue 46): kitd's wake-ups with the tray on and nothing running,
and with one timer running and no menu open; its idle PSS with the tray on against off; how long
a menu click takes to change a timer's state; and how long kitd takes to READY=1 with the tray off,
and on with a watcher, one that never answers, none, and no bus at all.

Each run has a private session bus (Tests/Fixtures/session-bus.conf), the tests' watcher
(Tests/Fixtures/sni-watcher.py) standing in for the panel, and kitd and kitctl from BINDIR.

Usage: scripts/tray-figures.py [BINDIR]   (default .build/release; needs python3-dbus)
"""

import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import dbus

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from neighbours import pss_kib, wait_for  # noqa: E402  (scripts/neighbours.py: kit beside atd)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLICKS = 100


def switches(pid):
    """Context switches of every thread of `pid` so far: each is a wake-up or a preemption."""
    total = 0
    for thread in os.listdir(f'/proc/{pid}/task'):
        with open(f'/proc/{pid}/task/{thread}/status') as f:
            for line in f:
                if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')):
                    total += int(line.split()[1])
    return total


class Session:
    """A bus (or none), a watcher (answering, never answering, or none), and one kitd with
    `config`; `ready_ms` is how long kitd took from its start to READY=1."""

    def __init__(self, bindir, config, watcher=True, bus=True):
        self.dir = tempfile.mkdtemp(prefix='kit-tray-bench')
        self.bindir = bindir
        address = f'unix:path={self.dir}/bus'
        with open(os.path.join(ROOT, 'Tests/Fixtures/session-bus.conf')) as f:
            conf = f.read().replace('@LISTEN@', address)
        with open(f'{self.dir}/bus.conf', 'w') as f:
            f.write(conf)
        self.env = {
            'PATH': '/usr/bin:/bin', 'HOME': self.dir, 'XDG_RUNTIME_DIR': self.dir,
            'XDG_DATA_HOME': f'{self.dir}/data', 'DBUS_SESSION_BUS_ADDRESS': address, 'TZ': 'UTC',
            'LANG': 'C.UTF-8',
        }
        self.children = []
        if bus:
            self.spawn(['dbus-daemon', f'--config-file={self.dir}/bus.conf', '--nofork'])
            wait_for(lambda: os.path.exists(f'{self.dir}/bus'))
        else:
            self.env['DBUS_SESSION_BUS_ADDRESS'] = f'unix:path={self.dir}/no-bus'
        self.watcher_out = f'{self.dir}/watcher.out'
        if watcher is not None:
            self.spawn(['/usr/bin/python3', os.path.join(ROOT, 'Tests/Fixtures/sni-watcher.py')]
                       + ([] if watcher else ['--never-answer']), stdout=open(self.watcher_out, 'w'))
            wait_for(lambda: 'watching' in open(self.watcher_out).read())
        with open(f'{self.dir}/config.toml', 'w') as f:
            f.write(config)
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(f'{self.dir}/notify')
        self.env['NOTIFY_SOCKET'] = f'{self.dir}/notify'
        start = time.perf_counter()
        self.kitd = self.spawn([f'{bindir}/kitd', '--config', f'{self.dir}/config.toml'])
        notify.settimeout(20)
        while b'READY=1' not in notify.recv(4096):
            pass
        self.ready_ms = (time.perf_counter() - start) * 1000
        notify.close()
        self.item = f'org.kde.StatusNotifierItem-{self.kitd.pid}-1'
        if watcher is not None:
            wait_for(lambda: self.item in open(self.watcher_out).read())

    def spawn(self, argv, stdout=subprocess.DEVNULL):
        child = subprocess.Popen(argv, env=self.env, stdout=stdout, stderr=subprocess.DEVNULL)
        self.children.append(child)
        return child

    def kitctl(self, *args):
        return subprocess.run([f'{self.bindir}/kitctl', *args], env=self.env, capture_output=True, text=True,
                              check=True).stdout

    def wakeups(self, seconds):
        """After 3 s of settling: the work before, and the page release it leads to, are done."""
        time.sleep(3.0)
        before = switches(self.kitd.pid)
        time.sleep(seconds)
        return switches(self.kitd.pid) - before

    def stop(self):
        for child in reversed(self.children):
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
        subprocess.run(['rm', '-rf', self.dir])


def layout_find(node, prefix):
    ident, props, children = node
    if str(props.get('label', '')).startswith(prefix):
        return node
    for child in children:
        found = layout_find(child, prefix)
        if found:
            return found
    return None


def clicks(session):
    """Event(clicked) on a timer's Cancel, round trip: the action runs before kitd replies."""
    bus = dbus.bus.BusConnection(session.env['DBUS_SESSION_BUS_ADDRESS'])
    menu = dbus.Interface(bus.get_object(session.item, '/MenuBar'), 'com.canonical.dbusmenu')
    times = []
    for n in range(CLICKS):
        session.kitctl('timer', 'start', '10m', '--name', f'bench{n}')
        node = None
        for _ in range(200):
            node = layout_find(menu.GetLayout(0, -1, [])[1], f'bench{n}')
            if node:
                break
            time.sleep(0.005)
        cancel = next(child for child in node[2] if child[1].get('label') == 'Cancel')
        start = time.perf_counter()
        menu.Event(cancel[0], 'clicked', dbus.String('', variant_level=1), dbus.UInt32(0))
        times.append((time.perf_counter() - start) * 1000)
    left = session.kitctl('timer', 'list')
    assert 'bench' not in left, left
    return times


def main():
    bindir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, '.build/release')
    on = Session(bindir, '')
    try:
        idle = on.wakeups(10)
        time.sleep(2)
        pss_on = pss_kib(on.kitd.pid)
        on.kitctl('timer', 'start', '1h', '--name', 'one')
        running = on.wakeups(10)
        on.kitctl('timer', 'cancel', 'one')
        times = clicks(on)
    finally:
        on.stop()
    off = Session(bindir, '[tray]\nenabled = false\n')
    try:
        time.sleep(3)
        pss_off = pss_kib(off.kitd.pid)
    finally:
        off.stop()
    ready = {}
    for name, kwargs in [('tray off', {'config': '[tray]\nenabled = false\n'}), ('tray on, a watcher', {}),
                         ('tray on, a watcher that never answers', {'watcher': False}),
                         ('tray on, no watcher', {'watcher': None}), ('tray on, no bus', {'watcher': None, 'bus': False})]:
        runs = []
        for _ in range(5):
            session = Session(bindir, kwargs.get('config', ''), watcher=kwargs.get('watcher', True),
                              bus=kwargs.get('bus', True))
            runs.append(session.ready_ms)
            session.stop()
        ready[name] = statistics.median(runs)
    times.sort()
    print('| figure | target | measured |')
    print('| --- | --- | --- |')
    print(f'| kitd wake-ups in 10 s, tray registered, nothing running | 0 | {idle} context switches |')
    print(f'| kitd wake-ups in 10 s, one timer running, no menu open | at most 10 | {running} context switches |')
    print(f'| idle PSS, tray on / off | at most 1 MiB more | {pss_on / 1024:.1f} / {pss_off / 1024:.1f} MiB '
          f'(+{(pss_on - pss_off) / 1024:.2f}) |')
    print(f'| a clicked Cancel to the timer cancelled ({CLICKS} clicks) | report | '
          f'p50 {statistics.median(times):.2f} ms, p99 {times[int(len(times) * 0.99) - 1]:.2f} ms |')
    off = ready['tray off']
    for name, median in ready.items():
        if name != 'tray off':
            print(f'| kitd start to READY=1, {name}, median of 5 | as with the tray off | '
                  f'{median:.1f} ms (off: {off:.1f} ms) |')


if __name__ == '__main__':
    main()
