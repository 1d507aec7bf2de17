/**
 * Counts what gets through the namespace lab's bridge (netnsLab.test.ts), run inside a machine
 * namespace with node --import tsx; one JSON line per event on stdout. Test support only.
 *   recv <port> <group>          joins <group> on its LAN address and counts datagrams by kind;
 *                                on the sender's END (unicast, so never dropped, and behind every
 *                                datagram on the same path) prints {ev:'counts', multicast: [seq…],
 *                                unicast: n} and exits
 *   send <port> <group> <count> <ip…>   sends <count> datagrams to <group> and <count> to each <ip>,
 *                                one of each per millisecond or so, then END to each <ip>; exits
 * Refuses to start unless every usable interface is in 198.18.0.0/15, i.e. unless it runs inside a
 * test namespace: it must never multicast on a real network.
 */
import dgram from 'node:dgram';
import { setTimeout as sleep } from 'node:timers/promises';
import { usableInterfaces } from '../interfaces';

const emit = (event: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(event)}\n`);

const ifaces = usableInterfaces();
const own = ifaces[0]?.address;
if (own === undefined || !ifaces.every((i) => /^198\.1[89]\./.test(i.address))) {
  process.stderr.write(`refusing to run outside a test namespace (interfaces: ${ifaces.map((i) => i.address).join(', ')})\n`);
  process.exit(2);
}

const [role, portArg, group, ...rest] = process.argv.slice(2);
const port = Number(portArg);
const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
socket.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});

if (role === 'recv' && group) {
  const multicast: number[] = [];
  let unicast = 0;
  socket.on('message', (msg) => {
    const kind = msg.toString('utf8', 0, 1);
    if (kind === 'm') multicast.push(msg.readUInt32LE(1));
    else if (kind === 'u') unicast++;
    else if (kind === 'E') {
      emit({ ev: 'counts', multicast, unicast });
      socket.close();
    }
  });
  socket.bind(port, '0.0.0.0', () => {
    socket.setRecvBufferSize(4 << 20);
    socket.addMembership(group, own);
    emit({ ev: 'ready', address: own });
  });
} else if (role === 'send' && group) {
  const count = Number(rest[0]);
  const targets = rest.slice(1);
  const datagram = (kind: string, seq: number): Buffer => {
    const b = Buffer.alloc(5);
    b.write(kind, 0);
    b.writeUInt32LE(seq, 1);
    return b;
  };
  const send = (b: Buffer, ip: string): Promise<void> => new Promise((resolve, reject) => socket.send(b, port, ip, (err) => (err ? reject(err) : resolve())));
  socket.bind(0, own, async () => {
    socket.setMulticastInterface(own);
    socket.setMulticastTTL(1);
    socket.setMulticastLoopback(false);
    for (let seq = 0; seq < count; seq++) {
      await send(datagram('m', seq), group);
      for (const ip of targets) await send(datagram('u', seq), ip);
      await sleep(1);
    }
    for (const ip of targets) await send(datagram('E', count), ip);
    emit({ ev: 'sent', count });
    socket.close();
  });
} else {
  process.stderr.write('usage: udpProbe recv <port> <group> | send <port> <group> <count> <ip…>\n');
  process.exit(2);
}
