// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// FIT24 for the local chain: 18 decimals, the deployer holds the initial supply, the owner may mint.
contract FIT24 is ERC20, Ownable {
    constructor(uint256 initialSupply) ERC20("FIT24", "FIT24") Ownable(msg.sender) {
        _mint(msg.sender, initialSupply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
