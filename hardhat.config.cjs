// Hardhat runs only the local node here (`npm run chain`, the EVM tests): no Solidity is compiled by
// Hardhat — scripts/compile-contracts.mjs compiles with the solc npm package, offline.
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      // As a real node: a transaction that reverts is mined, eth_sendRawTransaction answers its hash and the
      // receipt says status 0 (Hardhat's default answers an error instead, though it mines the transaction).
      throwOnTransactionFailures: false,
    },
  },
};
