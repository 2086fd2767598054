// pokersolver's Pai Gow house way (PaiGowPokerHelper) on hands sent by
// benchmarks/bench_vs_pokersolver.py, one JSON request a line on standard input, one JSON
// answer a line on standard output. Only the deciding is timed: the process has started,
// the hands are read, and each round's Card objects are built before the clock starts.
//
//   {"hands": [["As", "Kd", "Th", "9c", "7s", "4d", "Or"], ...]}  -> {"ready": N}
//   {"time": true}   -> {"wall": seconds, "cpu": seconds, "checksum": n}
//   {"splits": true} -> {"splits": [[five-card names, two-card names], ...]}
//
// Usage: node pokersolver_house_way.js PATH/TO/node_modules/pokersolver
'use strict';

const readline = require('readline');
const { Card, PaiGowPokerHelper } = require(process.argv[2]);

let hands = [];

function reply(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n');
}

function timed() {
  // Fresh Card objects each round: a solve marks the joker's in place.
  const rounds = hands.map((hand) => hand.map((name) => new Card(name)));
  let checksum = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (const cards of rounds) {
    checksum += PaiGowPokerHelper.solve(cards).loHand.rank;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1e6, checksum };
}

function names(cards) {
  return cards.map((card) => card.value + card.suit);
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.hands) {
    hands = request.hands;
    reply({ ready: hands.length });
  } else if (request.time) {
    reply(timed());
  } else if (request.splits) {
    reply({
      splits: hands.map((hand) => {
        const split = PaiGowPokerHelper.solve(hand);
        return [names(split.hiHand.cards), names(split.loHand.cards)];
      }),
    });
  }
});
