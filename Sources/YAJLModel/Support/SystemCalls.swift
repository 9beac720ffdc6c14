#if canImport(Glibc)
import Glibc

/// `read(2)` and `write(2)`, named apart from the methods called `read` and `write` that would hide them.
let systemRead = Glibc.read
let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

/// `read(2)` and `write(2)`, named apart from the methods called `read` and `write` that would hide them.
let systemRead = Darwin.read
let systemWrite = Darwin.write
#endif
