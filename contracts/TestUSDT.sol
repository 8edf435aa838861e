// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// A stand-in for USDT on the local chain: 6 decimals like the real one, owner-only mint, and Tether's
/// blacklist (the owner may freeze an address; every transfer from or to it reverts), so a withdrawal can
/// be made to fail on chain.
contract TestUSDT is ERC20, Ownable {
    /// Tether's getter: `isBlackListed(address) view returns (bool)`.
    mapping(address => bool) public isBlackListed;

    event AddedBlackList(address indexed account);
    event RemovedBlackList(address indexed account);

    /// A transfer, mint or burn touched a blacklisted address.
    error Blacklisted(address account);

    constructor(uint256 initialSupply) ERC20("Tether USD", "USDT") Ownable(msg.sender) {
        _mint(msg.sender, initialSupply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function addBlackList(address account) external onlyOwner {
        isBlackListed[account] = true;
        emit AddedBlackList(account);
    }

    function removeBlackList(address account) external onlyOwner {
        isBlackListed[account] = false;
        emit RemovedBlackList(account);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (isBlackListed[from]) revert Blacklisted(from);
        if (isBlackListed[to]) revert Blacklisted(to);
        super._update(from, to, value);
    }
}
