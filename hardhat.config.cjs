// Hardhat runs only the local node here (`npm run chain`, the EVM tests): no Solidity is compiled by
// Hardhat — scripts/compile-contracts.mjs compiles with the solc npm package, offline.
module.exports = {
  networks: { hardhat: { chainId: 31337 } },
};
