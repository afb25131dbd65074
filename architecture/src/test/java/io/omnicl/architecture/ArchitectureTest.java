package io.omnicl.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering of docs/DESIGN.md, checked on the main classes of every module: data flows facade → driver
 * interface ← runtime → backend SPI ← backends, and inside the runtime each package only reads those below it;
 * each rule that has one owner is changed or taken only there.
 */
class ArchitectureTest {

    private static final String RUNTIME = "io.omnicl.runtime";
    /** The coherence map's methods that change a buffer's coherence state. */
    private static final Set<String> COHERENCE_CHANGES = Set.of("addHolder", "commitWrite", "dropNode",
            "commitCopies", "discard");
    /** A storage's methods that mark copies as landing, which the coherence rules read. */
    private static final Set<String> LANDINGS = Set.of("landing", "landed");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ArchitectureTest::isMainCode)
                .importPackages("io.omnicl", "org.jocl");
    }

    /**
     * Classes of the modules' main code: not tests, not the backends' test-jar. (The JOCL backend's classes that
     * call the real JOCL are packed as data for a class loader of their own, so no rule sees them.)
     */
    private static boolean isMainCode(Location location) {
        return !location.contains("/test-classes/") && !location.contains("-tests.jar");
    }

    /** A call of, or a reference to, one of {@code methods} of {@code owner}. */
    private static DescribedPredicate<JavaAccess<?>> target(String owner, Set<String> methods) {
        return DescribedPredicate.describe(owner.substring(owner.lastIndexOf('.') + 1) + "." + methods,
                access -> access.getTargetOwner().getFullName().equals(owner) && methods.contains(access.getName()));
    }

    @Test
    void theRuntimesPackagesFormNoCircle() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (p.equals(RUNTIME)) {
                    return SliceIdentifier.of("runtime (the OpenCL objects)");
                }
                return p.startsWith(RUNTIME + ".")
                        ? SliceIdentifier.of(p.substring(RUNTIME.length() + 1).split("\\.")[0])
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + RUNTIME;
            }
        }).should().beFreeOfCycles().check(main);
    }

    @Test
    void eachRuntimePackageReadsOnlyThoseBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage(RUNTIME + "..")
                .layer("entry").definedBy(RUNTIME + ".entry..")
                .layer("commands").definedBy(RUNTIME + ".command..")
                .layer("objects").definedBy(RUNTIME)
                .layer("faults").definedBy(RUNTIME + ".fault..")
                .layer("workers").definedBy(RUNTIME + ".worker..")
                .layer("scheduling").definedBy(RUNTIME + ".sched..")
                .layer("coherence").definedBy(RUNTIME + ".coherence..")
                .layer("completion").definedBy(RUNTIME + ".completion..")
                .layer("config").definedBy(RUNTIME + ".config..")
                .layer("access").definedBy(RUNTIME + ".access..")
                .whereLayer("entry").mayNotBeAccessedByAnyLayer()
                .whereLayer("commands").mayOnlyBeAccessedByLayers("entry")
                .whereLayer("objects").mayOnlyBeAccessedByLayers("entry", "commands")
                .whereLayer("faults").mayOnlyBeAccessedByLayers("entry")
                .whereLayer("workers").mayOnlyBeAccessedByLayers("entry", "commands", "objects")
                .whereLayer("scheduling").mayOnlyBeAccessedByLayers("entry", "commands", "objects", "workers")
                .whereLayer("coherence").mayOnlyBeAccessedByLayers("entry", "commands", "objects", "workers")
                .whereLayer("completion").mayOnlyBeAccessedByLayers("entry", "commands", "objects", "faults",
                        "workers", "scheduling", "coherence")
                .whereLayer("config").mayOnlyBeAccessedByLayers("entry", "commands", "objects", "faults",
                        "workers", "scheduling", "coherence", "completion")
                .whereLayer("access").mayOnlyBeAccessedByLayers("entry", "commands", "objects")
                .check(main);
    }

    @Test
    void onlyCoherencyChangesCoherenceState() {
        noClasses().that().doNotHaveFullyQualifiedName(RUNTIME + ".coherence.Coherency")
                .should().accessTargetWhere(target(RUNTIME + ".coherence.CoherenceMap", COHERENCE_CHANGES)
                        .or(target(RUNTIME + ".coherence.Storage", LANDINGS)))
                .check(main);
    }

    @Test
    void commandsReachDevicesOnlyThroughTheirRoute() {
        DescribedPredicate<JavaAccess<?>> handsWork =
                target(RUNTIME + ".worker.DeviceWorker", Set.of("post", "retryAfterNextEnd"))
                        .or(target(RUNTIME + ".coherence.MemoryNode", Set.of("runOnThread", "runBeforeNextTask")))
                        .or(target(RUNTIME + ".worker.ProgramThreads", Set.of("runNow")))
                        .or(target(RUNTIME + ".sched.Scheduler", Set.of("push")));
        noClasses().that().resideInAnyPackage(RUNTIME + ".command..", RUNTIME)
                .and().doNotHaveFullyQualifiedName(RUNTIME + ".command.Route")
                .should().accessTargetWhere(handsWork)
                .check(main);
    }

    @Test
    void theFacadeSeesTheDriverInterfaceOnly() {
        classes().that().resideInAnyPackage("org.jocl..").or().resideInAPackage("io.omnicl")
                .should().onlyDependOnClassesThat().resideInAnyPackage("org.jocl..", "io.omnicl", "io.omnicl.driver..",
                        "java..")
                .check(main);
    }

    @Test
    void theDriverInterfaceDependsOnNothingOfOmniCl() {
        classes().that().resideInAPackage("io.omnicl.driver..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.omnicl.driver..", "java..")
                .check(main);
    }

    @Test
    void backendsSeeTheSpiOnly() {
        noClasses().that().resideInAnyPackage("io.omnicl.backend..", "io.omnicl.spi..")
                .should().dependOnClassesThat().resideInAnyPackage(RUNTIME + "..", "io.omnicl.driver..",
                        "io.omnicl.demos..", "org.jocl..")
                .orShould().dependOnClassesThat().resideInAPackage("io.omnicl")
                .check(main);
        noClasses().that().resideInAPackage("io.omnicl.spi..")
                .should().dependOnClassesThat().resideInAnyPackage("io.omnicl.backend..")
                .check(main);
    }

    @Test
    void theRuntimeReachesDevicesThroughTheSpiOnly() {
        noClasses().that().resideInAnyPackage(RUNTIME + "..")
                .should().dependOnClassesThat().resideInAnyPackage("io.omnicl.backend..", "org.lwjgl..",
                        "org.jocl..")
                .check(main);
    }
}
