// Loads the connection settings written by scripts/services.sh (real PostgreSQL / Kafka) when they are running,
// so `npm test` uses them without extra flags. Explicit environment variables win.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async () => {
  const envFile = path.join(__dirname, '..', '.services', 'env');
  if (!fs.existsSync(envFile)) return;
  for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2];
  }
};
