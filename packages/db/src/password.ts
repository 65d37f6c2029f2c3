// The native module loads on first use: only the gateway and the seed ever hash a password.
const argon2 = () => import('@node-rs/argon2');

// @node-rs/argon2 defaults to argon2id. Cost follows OWASP's argon2id baseline
// (19 MiB, 2 passes, 1 lane); verify() reads the parameters from the hash, so raising
// them later keeps old hashes valid.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(plain: string): Promise<string> {
  return (await argon2()).hash(plain, OPTIONS);
}

/** False for a wrong password and for a malformed hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
