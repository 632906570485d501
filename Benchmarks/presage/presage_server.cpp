// A line-oriented wrapper around libpresage (Debian presage 0.9.1) for
// Benchmarks/presage/ksr.py, which runs the simulated user. One request a
// line on stdin, one answer a line on stdout:
//
//   P<TAB>context      -> <ms><TAB>suggestion<TAB>suggestion...
//                         predict() with the past stream = context (UTF-8,
//                         no newline); ms = wall time of Presage::predict(),
//                         which also does presage's online learning
//                         (ContextTracker::update) when it is switched on.
//   L<TAB>text         -> ok          Presage::learn(text) (offline learning)
//   G<TAB>variable     -> value       Presage::config(variable)
//   S<TAB>variable<TAB>value -> ok    Presage::config(variable, value)
//
// Errors are answered as "!<TAB>message". Usage: presage-server CONFIG.xml
// (a profile read after /etc/presage.xml and ~/.presage/presage.xml).

#include <presage.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

class Context : public PresageCallback {
public:
    std::string past;
    std::string get_past_stream() const override { return past; }
    std::string get_future_stream() const override { return std::string(); }
};

std::string clean(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: presage-server CONFIG.xml\n";
        return 2;
    }
    std::ios::sync_with_stdio(false);
    Context context;
    Presage* presage = nullptr;
    try {
        presage = new Presage(&context, argv[1]);
    } catch (PresageException& e) {
        std::cerr << "presage-server: cannot start presage: " << e.what() << "\n";
        return 1;
    }

    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        const char command = line[0];
        const std::string arg = line.size() > 2 ? line.substr(2) : std::string();
        std::string out;
        try {
            if (command == 'P') {
                context.past = arg;
                const auto start = std::chrono::steady_clock::now();
                std::vector<std::string> result = presage->predict();
                const auto end = std::chrono::steady_clock::now();
                char ms[32];
                std::snprintf(ms, sizeof ms, "%.4f",
                              std::chrono::duration<double, std::milli>(end - start).count());
                out = ms;
                for (const std::string& s : result) out += "\t" + clean(s);
            } else if (command == 'L') {
                presage->learn(arg);
                out = "ok";
            } else if (command == 'G') {
                out = clean(presage->config(arg));
            } else if (command == 'S') {
                const std::string::size_type tab = arg.find('\t');
                if (tab == std::string::npos) throw PresageException(PRESAGE_ERROR, "S needs variable<TAB>value");
                presage->config(arg.substr(0, tab), arg.substr(tab + 1));
                out = "ok";
            } else if (command == 'Q') {
                break;
            } else {
                out = "!\tunknown command";
            }
        } catch (PresageException& e) {
            out = std::string("!\t") + clean(e.what());
        } catch (std::exception& e) {
            out = std::string("!\t") + clean(e.what());
        }
        std::cout << out << '\n' << std::flush;
    }
    delete presage;
    return 0;
}
