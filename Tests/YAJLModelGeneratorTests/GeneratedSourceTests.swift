import Foundation
import Testing
import YAJLModelGenerator

/// The generated sources compiled into the test targets are exactly what the tool writes
/// today for the corpus files (so the compile-and-read tests test the tool).
@Suite("Generated sources are the tool's output", .enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"))
struct GeneratedSourceTests {
    @Test(arguments: GeneratorCorpus.generated)
    func committedSourceIsRegenerated(_ generated: GeneratorCorpus.Generated) throws {
        let committed = try String(contentsOf: GeneratorCorpus.packageRoot.appendingPathComponent(generated.source), encoding: .utf8)
        let regenerated = try generated.regenerate()
        #expect(committed == regenerated, "regenerate with: (cd ../shared/corpus && \(generated.command) --output <package>/\(generated.source))")
    }
}
