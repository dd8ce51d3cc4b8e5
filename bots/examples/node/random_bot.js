// A random bot for the arena referee, in Node.js: loads proto/arena/v1/*.proto at run time (no
// generated code), dials the referee, says hello with its per-seat token, logs the board it gets in
// MatchStart, and answers every decision request with a uniformly random index into the listed legal
// actions.
//
//   ARENA_ADDRESS=127.0.0.1:50051 ARENA_TOKEN=... node random_bot.js
//   ARENA_PROTO_DIR=/path/to/proto ARENA_ADDRESS=... ARENA_TOKEN=... node random_bot.js   (a copy elsewhere)
//   node random_bot.js --address 127.0.0.1:50051 --token ... [--seed 7] [--log]
'use strict';

const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

function option(name, envName) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  return process.env[envName];
}

const address = option('address', 'ARENA_ADDRESS');
const token = option('token', 'ARENA_TOKEN');
const botKey = option('bot-key', 'ARENA_BOT_KEY');
const verbose = process.argv.includes('--log');
if (!address || !(token || botKey)) {
  console.error('error: need --address and --token (or ARENA_ADDRESS and ARENA_TOKEN)');
  process.exit(2);
}

// A small seeded generator (mulberry32) so a seed gives the same choices every run.
let state = Number(option('seed', 'ARENA_BOT_SEED') || Date.now()) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// The folder that holds arena/v1/*.proto: ARENA_PROTO_DIR, or the project's proto/ when this file is in
// bots/examples/node of the project.
const protoRoot = path.resolve(process.env.ARENA_PROTO_DIR || path.join(__dirname, '..', '..', '..', 'proto'));
if (!fs.existsSync(path.join(protoRoot, 'arena', 'v1', 'referee.proto'))) {
  console.error(`error: ${protoRoot} has no arena/v1/referee.proto: set ARENA_PROTO_DIR to the folder that holds arena/v1/`);
  process.exit(1);
}
const definition = protoLoader.loadSync(path.join(protoRoot, 'arena', 'v1', 'referee.proto'), {
  includeDirs: [protoRoot],
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});
const arena = grpc.loadPackageDefinition(definition).arena.v1;
const client = new arena.Referee(address, grpc.credentials.createInsecure());
const call = client.Play();

const hello = { protocol_version: 1, bot_name: 'node-random', want_forced: false };
if (token) hello.seat_token = token;
else hello.bot_key = botKey;
call.write({ hello });

function describeBoard(board) {
  if (board && board.typed === 'catan') {
    const b = board.catan;
    return `board of ${b.hexes.length} hexes, ${b.corners.length} corners, ${b.edges.length} edges, ` +
      `${b.harbors.length} harbors, robber on hex ${b.robber}`;
  }
  if (board && board.typed === 'catan_ck') {
    const t = board.catan_ck;
    return `Cities & Knights board of ${t.board.hexes.length} hexes, ${t.board.corners.length} corners, ` +
      `${t.cards.length} kinds of progress card, barbarians attack at ${t.barbarian_track}`;
  }
  if (board && board.typed === 'puerto_rico') {
    const t = board.puerto_rico;
    return `tables of ${t.buildings.length} buildings, ${t.goods.length} goods, ${t.roles.length} roles`;
  }
  const keys = Object.keys(JSON.parse((board && board.json) || '{}'));
  return keys.length ? `board with ${keys.join(', ')}` : 'no board';
}

let exitCode = 0;
call.on('data', (msg) => {
  if (verbose) console.error('<-', JSON.stringify(msg).slice(0, 300));
  switch (msg.kind) {
    case 'match_start': {
      // The board and the game's tables, typed (board.catan / board.catan_ck / board.puerto_rico) and as JSON.
      const start = msg.match_start;
      console.error(`${start.match_id}: ${start.game.canonical}, seat ${start.seat}: ${describeBoard(start.board)}`);
      break;
    }
    case 'decision': {
      const req = msg.decision;
      const index = Math.floor(random() * req.legal.length);
      call.write({ answer: { request_id: req.request_id, index } });
      break;
    }
    case 'match_end': {
      const end = msg.match_end;
      console.error(`${end.match_id}: seat ${end.seat} placed ${end.result.places[end.seat]}`);
      break;
    }
    case 'error':
      console.error(`referee error ${msg.error.code}: ${msg.error.message}`);
      if (msg.error.fatal) exitCode = 1;
      break;
    case 'fault':
      console.error(`fault: ${msg.fault.fault.message}`);
      break;
    default:
      break;
  }
});
call.on('end', () => {
  call.end();
  process.exit(exitCode);
});
call.on('error', (err) => {
  console.error(`stream error: ${err.code} ${err.details || err.message}`);
  process.exit(1);
});
