# Runs a Homebrew formula's install and test blocks the way `brew install` and `brew test`
# would, without Homebrew (which CI does not have): the source is cloned from the formula's
# URL at its revision (and its tag, when it names one), `install` runs in that clone with a
# fresh prefix, and `test` runs in an empty folder against what was installed. Only the parts
# of Homebrew's formula DSL that Scripts/release.sh writes are provided, so a formula using
# anything else fails here instead of passing unchecked.
#
#   ruby Scripts/check-formula.rb dist/Formula/linza.rb WORK_FOLDER
require "English"
require "fileutils"
require "pathname"

# A path whose `install` copies files into it, as Homebrew's `bin.install` does.
class InstallPath < Pathname
  def install(*sources)
    mkpath
    sources.each do |source|
      FileUtils.cp(source, self)
      (self/File.basename(source)).chmod(0o755)
    end
  end
end

# A path whose `write` creates the folders it needs, as Homebrew's does in `test` blocks.
class TestPath < Pathname
  def /(other) = TestPath.new(super)
  alias + /

  def write(content)
    dirname.mkpath
    super
  end
end

# The subset of Homebrew's Formula class that Linza's formula uses.
class Formula
  class << self
    attr_reader :source_url, :source_spec, :test_block, :formula

    def desc(_text) = nil
    def homepage(_url) = nil
    def depends_on(_dependency) = nil
    def uses_from_macos(_dependency) = nil

    def url(value, **spec)
      @source_url = value
      @source_spec = spec
    end

    def version(value = nil)
      @version = value if value
      @version || source_spec[:tag]
    end

    # Only Linux runs this check: what is inside on_macos is not evaluated, as on Linux.
    def on_macos = nil

    def test(&block)
      @test_block = block
    end

    def inherited(subclass)
      super
      @formula = subclass
    end
  end

  attr_reader :prefix, :testpath

  def initialize(prefix, testpath)
    @prefix = prefix
    @testpath = testpath
  end

  def bin = InstallPath.new(prefix/"bin")
  def version = self.class.version

  def system(*command)
    Kernel.system(*command) || raise("failed: #{command.join(" ")}")
  end

  def shell_output(command, expected_status = 0)
    output = `#{command} 2>&1`
    status = $CHILD_STATUS.exitstatus
    raise "#{command} exited #{status}, expected #{expected_status}:\n#{output}" if status != expected_status

    output
  end

  def assert_match(expected, actual)
    pattern = expected.is_a?(Regexp) ? expected : Regexp.new(Regexp.escape(expected))
    raise "expected #{pattern.inspect} in:\n#{actual}" unless pattern.match?(actual)
  end
end

formula_file, work = ARGV
work = Pathname.new(work).expand_path
load File.expand_path(formula_file)
formula_class = Formula.formula
url = formula_class.source_url.sub(/\.git\z/, "")
spec = formula_class.source_spec

source = work/"source"
system("git", "clone", "--quiet", url, source.to_s) || abort("check-formula: cannot clone #{url}")
Dir.chdir(source) do
  revision = `git rev-parse --verify --quiet #{spec.fetch(:tag, spec[:revision])}^{commit}`.strip
  if revision != spec[:revision]
    abort("check-formula: #{spec.inspect} does not resolve to revision #{spec[:revision]}")
  end
  system("git", "checkout", "--quiet", revision) || abort("check-formula: cannot check out #{revision}")
end

formula = formula_class.new(work/"prefix", TestPath.new(work/"test"))
Dir.chdir(source) { formula.install }
formula.testpath.mkpath
Dir.chdir(formula.testpath) { formula.instance_eval(&formula_class.test_block) }
puts "check-formula: #{formula_file} installed #{formula.bin/"linza"} and its test passed"
