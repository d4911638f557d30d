/**
 * Short real texts for the load tests: a fixture of plain English prose written for them (not the evaluation
 * datasets). `loadText(n)` is about 500 words, different for every n, so the detection cache never answers.
 */
const SENTENCES = [
  'The ferry left the harbour twenty minutes late because a lorry had lost its brakes on the ramp.',
  'Nobody on the upper deck seemed to mind, and a few passengers had already unwrapped their sandwiches.',
  'My grandmother used to say that the sea makes honest people of everyone, although she never explained why.',
  'I kept thinking about that while a small boy tried to feed crisps to a gull twice his size.',
  'The gull won, of course, and the boy cried for a minute before deciding the whole thing had been his idea.',
  'Our town council spent most of last spring arguing about whether the old library should become a cafe.',
  'In the end they kept the books, moved the children’s section upstairs and added a coffee machine that rarely works.',
  'Researchers who study reading habits often note that people borrow more novels in winter than in summer.',
  'That pattern is easy to explain: long evenings, cold weather and fewer reasons to leave the house.',
  'What is harder to explain is why cookery books are borrowed most often in the first week of January.',
  'A plausible answer is that resolutions about healthier eating survive roughly as long as the loan period.',
  'The bakery on the corner opens at six, and by half past the queue usually reaches the bus stop.',
  'Its owner, a former engineer, claims the secret is a starter he has kept alive for eleven years.',
  'He once left it with a neighbour during a holiday and phoned every evening to ask how it was doing.',
  'Modern software teams tend to measure everything, from build times to how long a review waits for comments.',
  'Numbers help, but a dashboard cannot tell you that two colleagues have stopped speaking to each other.',
  'The most useful meetings I have attended were short, had one question on the agenda and ended with a decision.',
  'When the storm reached the coast, the power went out across three villages for most of the night.',
  'People lit candles, played cards and, according to the local paper, rediscovered the art of conversation.',
  'By morning the lines were repaired and everyone went back to staring at their phones at breakfast.',
  'Gardening teaches patience in a way that few other hobbies manage, mostly by refusing to be hurried.',
  'You can water, weed and worry as much as you like, but the tomatoes ripen when they are ready.',
  'Last year mine ripened all at once in the week I was away, which my neighbours enjoyed enormously.',
  'Historians disagree about when the canal was first dug, but the oldest map that shows it dates from 1761.',
  'Barges carried coal and grain along it for a century before the railway made them slow and expensive.',
  'Today it carries mainly ducks, rowing clubs and the occasional holiday boat steered with more hope than skill.',
  'Learning a language as an adult is humbling, because small children around you speak it without effort.',
  'I practise on the train each morning and have become fluent in asking where the station is.',
  'My teacher says the next step is understanding the answer, which seems a fair point.',
  'The weather forecast promised sunshine, so naturally we packed umbrellas, jumpers and a flask of tea.',
];

export function loadText(n: number, words = 500): string {
  const out: string[] = [];
  let count = 0;
  for (let i = n; count < words; i++) {
    const sentence = SENTENCES[(i * 7 + Math.floor(i / SENTENCES.length)) % SENTENCES.length];
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return `${out.join(' ')} (Note ${n}.)`;
}
